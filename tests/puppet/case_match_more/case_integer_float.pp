case 1 {
  1.0: { notice('float eq') }
  default: { notice('no') }
}
