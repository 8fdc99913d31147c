class main {}
