type Opt = Object[{attributes => {a => Optional[String], b => {type => Optional[Integer], value => undef}}}]
$o = Opt()
notice($o)
notice($o.a =~ Undef)
notice(Opt('x', 3))
