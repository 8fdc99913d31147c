type A = Object[{parent => Annotation, attributes => {'n' => Integer}}] annotate(A, 5, {'n' => 1})
