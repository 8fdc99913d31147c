notice('-10' + 1)
notice('-0x10' + 1)
