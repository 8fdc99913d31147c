notice('apple' < 'Banana', 'Zebra' > 'apple')
