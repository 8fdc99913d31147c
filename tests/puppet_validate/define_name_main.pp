define main {}
