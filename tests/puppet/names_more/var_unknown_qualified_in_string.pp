notice("[${nosuch::v}]")
