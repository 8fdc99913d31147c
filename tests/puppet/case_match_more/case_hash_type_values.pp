case {a => 'x', b => 3} {
  {a => Integer}: { notice('int') }
  {a => String, b => Integer}: { notice('str-int') }
}
