$some_number = 8 * -7.992
$another_number = $some_number / 4
notice($some_number)
notice($another_number)
$product = 8 * 0.12
notice($product)
