private()
