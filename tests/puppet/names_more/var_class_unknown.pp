notice($nosuch::x)
