case ['abc', 10] {
  [/^a/, Integer[0, 5]]: { notice('small') }
  [/^a/, Integer[6]]: { notice('large') }
}
