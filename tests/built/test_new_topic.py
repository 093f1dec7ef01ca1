"""`chapter new-topic` gives a topic that builds at once, in both languages, under --strict."""

from __future__ import annotations

from chapter.__main__ import main
from tools.site import MINI, build, copy_project

NEW = ["new-topic", "gpu-memory", "--title-ru", "Память GPU", "--title-en", "GPU Memory"]
NEW += ["--summary-ru", "Куда уходит видеопамять.", "--summary-en", "Where GPU memory goes.", "--after", "pruning"]


def test_a_new_topic_builds_at_once_with_both_skeletons_in_step(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1796169600")  # 2026-12-02
    project = copy_project(tmp_path / "project", data=MINI)
    assert main([*NEW, "--root", str(project)]) == 0
    assert (
        "written: topics.yaml, docs/articles/gpu-memory.ru.md, docs/articles/gpu-memory.en.md"
        in capsys.readouterr().out
    )
    site = build(project, tmp_path / "site")
    # CLDR keeps «г.» on the line of its year with a narrow no-break space.
    for url, title, added in (
        ("/topics/gpu-memory/", "Память GPU", "Добавлено 2 декабря 2026\u202fг."),
        ("/en/topics/gpu-memory/", "GPU Memory", "Added 2 December 2026"),
    ):
        page = site.html(url)
        assert page.select_one("h1#topic").get_text() == title
        assert page.select_one(".ci-heading__added").get_text() == added
        assert page.select_one(".ci-badge--new") is not None
        assert page.select_one(".ci-missing") is None  # the skeleton is the article
    # Placed after the topic named, in the index and the pager alike.
    cards = [link["href"] for link in site.html("/").select(".ci-card__link")]
    assert cards[:2] == ["topics/pruning/", "topics/gpu-memory/"]
    # The pair is recorded in step, so only the article standard asks for more.
    main(["check", str(project)])
    errors = capsys.readouterr().err.splitlines()
    assert errors and all(" CI1" in line for line in errors if "gpu-memory" in line)
    assert main(["check", "--drafts", str(project)]) == 0
