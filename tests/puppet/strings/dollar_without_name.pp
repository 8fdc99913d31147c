notice("cost: $ 5 and $")
