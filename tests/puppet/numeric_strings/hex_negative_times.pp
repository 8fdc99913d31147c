notice('-0x1F' * 2)
