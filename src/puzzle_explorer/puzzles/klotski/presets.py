"""Classic Huarong Dao layouts (4 wide, 5 tall; A is Cao Cao, the 2x2 target).

Every layout here was checked by the project's own solver; `free` is its
shortest solution when a move is one piece sliding anywhere (turns
included), the count puzzle books give.
"""
from puzzle_explorer.puzzles.interface import Preset


def _layout(id_: str, name: str, gloss: str, rows: str, free: int | None) -> Preset:
    note = f"{gloss}; shortest {free} moves (free convention)" if free else f"{gloss}; no solution"
    return Preset(id_, name, rows, note)


PRESETS = (
    _layout("hengdao-lima", "横刀立马", "Sabre held level, horse reined in", "HAAI/HAAI/JBBK/JNOK/P..Q", 81),
    _layout("zhihui-ruoding", "指挥若定", "Commanding with composure", "HAAI/HAAI/NBBO/JPQK/J..K", 70),
    _layout("jiangyong-caoying", "将拥曹营", "Generals crowd round Cao's camp", ".AA./HAAI/HJKI/NJKO/BBPQ", 72),
    _layout("qitou-bingjin", "齐头并进", "Advancing abreast", "HAAI/HAAI/NOPQ/JBBK/J..K", 60),
    _layout("bingfen-sanlu", "兵分三路", "Troops split three ways", "NAAO/HAAI/HBBI/JPQK/J..K", 72),
    _layout("yusheng-xili", "雨声淅沥", "Pattering rain", "HAAN/HAAO/IBBJ/IK.J/PK.Q", 47),
    _layout("zuoyou-bubing", "左右布兵", "Soldiers posted left and right", "NAAO/PAAQ/HIJK/HIJK/.BB.", 54),
    _layout("taohua-yuanzhong", "桃花园中", "In the peach-blossom garden", "NAAO/HAAI/HJKI/PJKQ/.BB.", 70),
    _layout("yilu-jinjun", "一路进军", "Advancing along one road", "HAAN/HAAO/IJKP/IJKQ/.BB.", 58),
    _layout("yilu-shunfeng", "一路顺风", "Fair wind all the way", "HAAN/HAAO/IBBJ/IPKJ/.QK.", 39),
    _layout("weier-bujian", "围而不歼", "Surrounded but not destroyed", "HAAN/HAAO/IBBP/IJKQ/.JK.", 62),
    _layout("jiezu-xiandeng", "捷足先登", "The swift-footed arrive first", "NAAO/PAAQ/.BB./HIJK/HIJK", 32),
    _layout("chachi-nanfei", "插翅难飞", "No escape even with wings", "HAAN/HAAO/BBPQ/ICCJ/I..J", 62),
    _layout("shoukou-ruping", "守口如瓶", "Tight as a sealed bottle", "HAAI/HAAI/NJ.O/PJ.Q/BBCC", 81),
    _layout("shuangjiang-danglu", "双将挡路", "Two generals block the road", "HAAN/HAAO/IBBJ/ICCJ/P..Q", 73),
    _layout("hengma-dangguan", "横马当关", "Horse planted across the pass", "HAAI/HAAI/BBCC/NJ.O/PJ.Q", 83),
    _layout("cengceng-shefang", "层层设防", "Defences layer upon layer", "NAAO/HAAI/HBBI/PCCQ/.DD.", 120),
    _layout("shuixie-butong", "水泄不通", "Watertight", "HAAN/HAAO/BBCC/DDEE/P..Q", 79),
    _layout("silu-jinbing", "四路进兵", "Advancing on four roads", "NAAO/PAAQ/H.BB/H.CC/DDEE", 77),
    _layout("xiaoyan-chuchao", "小燕出巢", "Young swallow leaves the nest", "HAAI/HAAI/BBCC/NDDO/P..Q", 103),
    _layout("jinzai-zhichi", "近在咫尺", "So near, yet so far", "NHIJ/OHIJ/BBPQ/CCAA/..AA", 98),
    _layout("biyi-hengkong", "比翼横空", "Wing to wing across the sky", "BBAA/CCAA/DDEE/N.OH/P.QH", 28),
    _layout("fenghui-luzhuan", "峰回路转", "The path winds round the peaks", "NOPH/AAIH/AAIJ/.BBJ/.QCC", 138),
    _layout("zoutou-wulu", "走投无路", "Nowhere left to run", "HAAI/HAAI/JKNL/JKOL/P..Q", None),
)

BY_ID = {p.id: p for p in PRESETS}
