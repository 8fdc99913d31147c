parsepson('{bad')
