notice({private => 1, attr => 2})
