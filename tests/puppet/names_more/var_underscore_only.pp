$_ = 3
notice($_)
