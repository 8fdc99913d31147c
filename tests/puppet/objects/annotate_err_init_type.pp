type A = Object[{parent => Annotation, attributes => {'n' => Integer}}] type T = Object[{attributes => {'x' => Integer}}] annotate(A, T(1), {'n' => 'x'})
