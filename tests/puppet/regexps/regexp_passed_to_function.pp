with(/a(b)/) |$r| {
  notice($r)
  notice('xab' =~ $r)
}
