$b = Binary(Binary('YWJj'))
notice($b)
