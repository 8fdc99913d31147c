$opts = [1, 2]
case 2 {
  *$opts: { notice('in opts') }
  default: { notice('no') }
}
