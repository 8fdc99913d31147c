notice([1,2]['1'])
notice('abc'['1'])
notice([1,2,3][1,'1'])
