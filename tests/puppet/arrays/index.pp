$a = ['one', 'two', 'three']
notice($a[1])
notice($a[0])
