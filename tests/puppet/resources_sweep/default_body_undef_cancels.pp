define d($m = 'd') { notice($m) }
d {
  default: m => 'from default';
  'x': m => undef;
  'y':;
}
