case '1' {
  1:       { notice('int matched string') }
  default: { notice('string 1 does not match int 1') }
}
case 1.0 {
  1:       { notice('1.0 matches 1') }
  default: { notice('no') }
}
