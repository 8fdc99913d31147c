notice($y)
notice("value: [${y}]")
