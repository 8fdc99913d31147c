$r = case 'x' {
  'x':     { 'was x' }
  default: { 'other' }
}
notice($r)
$n = case 'none' { 'x': { 1 } }
notice($n =~ Undef)
