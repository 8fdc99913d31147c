notice($)
