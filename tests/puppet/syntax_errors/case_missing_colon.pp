case 1 {
  1 { notice('x') }
}
