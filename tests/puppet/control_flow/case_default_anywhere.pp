case 3 {
  default: { notice('default') }
  3: { notice('three') }
}
