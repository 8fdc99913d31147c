$product = 8 * +4
notice($product)
