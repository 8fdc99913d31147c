case 'q' {
  'a': { notice('a') }
}
notice('no match, no error')
