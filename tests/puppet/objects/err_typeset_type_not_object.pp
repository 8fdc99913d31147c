type S = TypeSet[{
  pcore_version => '1.0.0',
  types => { Num => Integer }
}]
notice(S)
