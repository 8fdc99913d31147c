realize(Notify["nope"])
