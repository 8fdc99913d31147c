$Abc = 1
