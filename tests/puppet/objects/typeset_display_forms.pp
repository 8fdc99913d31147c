type S = TypeSet {
  pcore_version => '1.0.0',
  name_authority => 'http://example.com/types',
  version => '2.1.0',
  types => { A => {attributes => {x => Integer}}, B => Object {attributes => {y => String}} }
}
notice(S)
notice(String(S))
notice([S])
notice(S =~ TypeSet)
notice(TypeSet >= Type[S])
