notice($A::b)
