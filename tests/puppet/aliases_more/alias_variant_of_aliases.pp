type A = Integer
type B = String
type C = Variant[A, B]
notice(C)
notice([1, 'a', true].map |$v| { $v =~ C })
