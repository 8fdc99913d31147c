notice($::1)
