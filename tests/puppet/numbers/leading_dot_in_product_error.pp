$product = 8 * .12
notice($product)
