Array[Struct[{
  name    => String[1],
  port    => Integer[1, 65535],
  enabled => Boolean,
  weight  => Numeric,
  tags    => Array[Enum[web, db, cache]],
  owner   => Struct[{ team => String, id => Integer[0, default] }],
}]]
