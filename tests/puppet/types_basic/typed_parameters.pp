define typed(Integer $n, String $s = 'dflt', Optional[Array] $a = undef) {
  notice("${title}: ${n} ${s} [${a}]")
}
typed { 't1': n => 1 }
typed { 't2': n => 2, s => 'given', a => [1] }
