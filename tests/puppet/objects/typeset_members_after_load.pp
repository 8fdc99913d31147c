type S = TypeSet[{pcore_version => '1.0.0', types => { Pt => Object[{attributes => {x => Integer}}] }}]
notice(S =~ Type)
$p = S::Pt(3)
notice($p)
notice($p.x)
notice(S::Pt)
