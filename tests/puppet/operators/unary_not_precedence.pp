notice(!true == false)
notice(!1 in [false])
