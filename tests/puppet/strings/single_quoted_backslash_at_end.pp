notice('C:\Program Files(x86)\\')
notice('ends with two\\\\')
