notice([1].partition)
