notice(!true == false, !(true == false))
