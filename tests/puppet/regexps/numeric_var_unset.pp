notice("<${5}>")
