type Scalar = Integer
