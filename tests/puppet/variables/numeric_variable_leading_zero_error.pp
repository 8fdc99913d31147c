notice($01)
