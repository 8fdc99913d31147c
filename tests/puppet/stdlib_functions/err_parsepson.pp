parsepson('')
