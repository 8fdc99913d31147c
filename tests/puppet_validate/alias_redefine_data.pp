type Data = Integer
